/** Runs the close function once on SIGTERM or SIGINT, then exits (non-zero if closing failed). */
export function onShutdown(close: () => Promise<void>): void {
  let closing = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      if (closing) return;
      closing = true;
      close().then(
        () => process.exit(0),
        (error) => {
          console.error(error);
          process.exit(1);
        },
      );
    });
  }
}
