# One image for every service; docker-compose.yml picks the command.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build:web

# The app. The web app was built once, above: starting never rebuilds it (`npm start` does, for
# developers). Runs as the unprivileged user `node`; the embedded run keeps its data in /app/data
# (mount a volume there: docker run -v ghg-data:/app/data -p 3000:3000 …).
FROM node:20-bookworm-slim AS app
WORKDIR /app
COPY --from=build /app /app
RUN mkdir -p /app/data && chown node:node /app/data
ENV NODE_ENV=production HOST=0.0.0.0 DATA_DIR=/app/data
USER node
EXPOSE 3000
# node itself as PID 1, not npm: SIGTERM reaches the app, which closes the database and exits.
CMD ["node", "--import", "tsx", "app/src/main.ts"]

FROM nginx:1.27-alpine AS web
COPY --from=build /app/web/dist /usr/share/nginx/html
COPY deploy/security-headers.conf /etc/nginx/ghg/security-headers.conf
COPY deploy/nginx.conf /etc/nginx/conf.d/default.conf
