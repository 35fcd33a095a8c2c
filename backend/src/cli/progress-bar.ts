import { Presets, SingleBar } from 'cli-progress';

/** A progress bar of the seeding CLI; without a TTY it prints a line every two seconds instead. */
export function progressBar(label: string, total: number): SingleBar {
  const bar = new SingleBar(
    {
      format: `${label.padEnd(20)} [{bar}] {percentage}% | {value}/{total} | {duration_formatted}`,
      hideCursor: true,
      noTTYOutput: true,
      notTTYSchedule: 2000,
    },
    Presets.shades_classic,
  );
  bar.start(total, 0);
  return bar;
}
