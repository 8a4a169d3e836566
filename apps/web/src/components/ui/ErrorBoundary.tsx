import { Component, type ReactNode } from 'react';
import { Button } from './Button.tsx';

type Props = { children: ReactNode };
type State = { error: Error | null };

/** The general error screen: a page that throws shows this instead of a blank screen. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  private readonly tryAgain = () => this.setState({ error: null });

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <section aria-labelledby="error-screen-title" className="mx-auto max-w-lg px-4 py-16 text-center">
        <h1 id="error-screen-title" className="text-2xl font-bold">
          Something went wrong
        </h1>
        <p className="mt-3 text-slate-600 dark:text-slate-300">
          This page could not be shown. Try again, or reload the page if the problem continues. Nothing you saved has
          been lost.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Button onClick={this.tryAgain}>Try Again</Button>
          <Button variant="secondary" onClick={() => window.location.reload()}>
            Reload Page
          </Button>
        </div>
      </section>
    );
  }
}
