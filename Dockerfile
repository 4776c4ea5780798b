# One image for every service; docker-compose.yml picks the command.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY . .
RUN npm ci --no-audit --no-fund && npm run build:web

FROM node:20-bookworm-slim AS app
WORKDIR /app
COPY --from=build /app /app
ENV NODE_ENV=production HOST=0.0.0.0
CMD ["npm", "start"]

FROM nginx:1.27-alpine AS web
COPY --from=build /app/web/dist /usr/share/nginx/html
COPY deploy/nginx.conf /etc/nginx/conf.d/default.conf
