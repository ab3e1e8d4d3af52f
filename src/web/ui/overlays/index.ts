// The app imports the overlay files it uses, not this list: a module of the shell importing it would put every
// overlay (the tooltip of the admin kit page included) into every page's first download.
export { OverlayRoot } from './OverlayRoot.tsx';
export { toast, type ToastType } from './toasts.tsx';
export { popup, type PopupApi, type PopupSpec } from './popup.tsx';
export { openModal, type ModalKind, type ModalResult, type ModalSpec } from './modal.tsx';
export { Popover, type PopoverItem, type PopoverProps, type PopoverSection } from './popover.tsx';
export { Tooltip } from './tooltip.tsx';
export { OVERLAY_TIMINGS } from './store.ts';
