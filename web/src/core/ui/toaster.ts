import { OverlayToaster, Position, type Toaster, type ToastProps } from '@blueprintjs/core';

let toaster: Promise<Toaster> | null = null;

/** One toaster for the app, created on first use. */
export function showToast(props: ToastProps): void {
  toaster ??= OverlayToaster.create({ position: Position.TOP, maxToasts: 3 });
  void toaster.then((t) => t.show({ timeout: 4000, ...props }));
}
