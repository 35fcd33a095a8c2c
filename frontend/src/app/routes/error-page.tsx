import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { buttonClass } from '../../components/button';
import { EmptyState } from '../../components/empty-state';
import { AlertCircleIcon } from '../../components/icons';
import { useDocumentTitle } from '../../lib/use-document-title';
import { tr } from '../../locales/tr';

/** Shown when rendering a route throws. */
export function ErrorPage() {
  useDocumentTitle(tr.pages.errorTitle);
  return (
    <div className="error-page">
      <EmptyState
        icon={<AlertCircleIcon size={32} />}
        title={tr.pages.errorTitle}
        description={tr.pages.error}
        action={
          <Link to="/" reloadDocument className={buttonClass()}>
            {tr.common.backHome}
          </Link>
        }
      />
    </div>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** The location's key: moving elsewhere clears a caught error, as the data router did. */
  resetKey: string;
}

class ErrorBoundary extends Component<BoundaryProps, { error: unknown; resetKey: string }> {
  state = { error: null as unknown, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; resetKey: string }) {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Sayfa gösterilemedi', error, info.componentStack);
  }

  render() {
    return this.state.error ? <ErrorPage /> : this.props.children;
  }
}

/** Shows ErrorPage instead of a route that throws while rendering (or whose chunk fails to load). */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  return <ErrorBoundary resetKey={key}>{children}</ErrorBoundary>;
}
