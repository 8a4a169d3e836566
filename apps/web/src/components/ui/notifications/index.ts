export { Toaster } from './Toaster.tsx';
export { type ToastInput, toast } from './toast-store.ts';
