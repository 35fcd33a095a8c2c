import { trCompose } from '../../../locales/tr-compose';
import { POST_MAX_LENGTH, POST_WARN_LENGTH } from '../post-model';

const RADIUS = 10;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

export interface CounterRingProps {
  length: number;
  id?: string;
  max?: number;
  warnAbove?: number;
}

/**
 * A ring that fills as the text grows, with the characters left beside it; it turns to the
 * warning colour above 260 characters and to red past the limit (docs/product.md#validation).
 */
export function CounterRing({
  length,
  id,
  max = POST_MAX_LENGTH,
  warnAbove = POST_WARN_LENGTH,
}: CounterRingProps) {
  const remaining = max - length;
  const state = remaining < 0 ? 'over' : length > warnAbove ? 'warning' : 'normal';
  const progress = Math.min(Math.max(length / max, 0), 1);
  return (
    <div
      id={id}
      className={`counter-ring counter-ring--${state}`}
      data-testid="char-counter"
      data-state={state}
    >
      <svg width="26" height="26" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle className="counter-ring__track" cx="12" cy="12" r={RADIUS} />
        <circle
          className="counter-ring__progress"
          cx="12"
          cy="12"
          r={RADIUS}
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - progress)}
          transform="rotate(-90 12 12)"
        />
      </svg>
      <span className="visually-hidden">{trCompose.remaining(remaining)}</span>
      <span className="counter-ring__value" aria-hidden="true" data-testid="char-remaining">
        {remaining}
      </span>
    </div>
  );
}
