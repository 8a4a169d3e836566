import { toast } from '../components/ui/notifications/index.ts';

/**
 * Users work on job sites with patchy signal: tell them when the connection drops and returns,
 * so a failed save is never a mystery.
 */
export function watchConnectivity(target: Window = window) {
  target.addEventListener('offline', () => {
    toast({
      title: 'You are offline',
      description:
        'Check your signal. You can keep working: what you save is kept on this phone and sent once you are back online.',
    });
  });
  target.addEventListener('online', () => {
    toast({
      title: 'Back online',
      description: 'Your connection is back. Anything waiting on this phone is being sent.',
    });
  });
}
