export { type ToastInput, toast } from './toast-store.ts';
