/** The subset of pino the projector uses, so a pino instance can be passed straight in. */
export interface Logger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** Without a logger, failures still reach stderr: a stuck projection must never be silent. */
export const stderrLogger: Logger = {
  debug: () => {},
  info: () => {},
  warn: (obj, msg) => console.warn(msg ?? '', obj),
  error: (obj, msg) => console.error(msg ?? '', obj),
};
