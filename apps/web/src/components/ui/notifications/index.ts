export { Toaster } from './Toaster.tsx';
export {
  type ToastAction,
  type ToastClock,
  type ToastInput,
  type ToastMessage,
  type ToastPriority,
  ToastStore,
  type ToastVariant,
  toast,
  toastPriority,
  toastStore,
} from './toast-store.ts';
