import { Component, type ErrorInfo, type ReactNode } from 'react';

export interface SlotErrorBoundaryProps {
  /** Names the slot in the console message, e.g. "mf_marketing/Hero". */
  slot: string;
  fallback: (error: Error) => ReactNode;
  /** Told once the fallback has replaced the slot's content. */
  onError?: (error: Error) => void;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/** Catches a remote that fails to load or throws while rendering, so only its slot is affected. */
export class SlotErrorBoundary extends Component<SlotErrorBoundaryProps, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.warn(`[shell] ${this.props.slot} failed: ${error.message}`, info.componentStack ?? '');
    this.props.onError?.(error);
  }

  override render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}
