import { useId } from 'react';

/** The class names of one screen's switch rows; each screen keeps its own look. */
export interface SwitchRowClasses {
  row: string;
  text: string;
  label: string;
  hint: string;
  input: string;
  /** Draws the switch as a track behind a transparent input: the wrapper's and the track's classes. */
  track?: { wrapper: string; track: string };
}

export interface SwitchRowProps {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  classes: SwitchRowClasses;
  /** While its value loads or saves. */
  disabled?: boolean;
}

/** A labelled on/off switch with its hint as the description (settings and admin settings). */
export function SwitchRow({ label, hint, checked, onChange, classes, disabled }: SwitchRowProps) {
  const id = useId();
  const input = (
    <input
      id={id}
      type="checkbox"
      role="switch"
      className={classes.input}
      checked={checked}
      disabled={disabled}
      aria-describedby={`${id}-hint`}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
  return (
    <div className={classes.row}>
      <span className={classes.text}>
        <label htmlFor={id} className={classes.label}>
          {label}
        </label>
        <span id={`${id}-hint`} className={classes.hint}>
          {hint}
        </span>
      </span>
      {classes.track ? (
        <span className={classes.track.wrapper}>
          {input}
          <span className={classes.track.track} aria-hidden="true" />
        </span>
      ) : (
        input
      )}
    </div>
  );
}
