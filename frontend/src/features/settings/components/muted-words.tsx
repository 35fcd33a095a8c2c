import { useId, useState, type FormEvent } from 'react';
import { Alert } from '../../../components/alert';
import { Button } from '../../../components/button';
import { EmptyState } from '../../../components/empty-state';
import { LoadFailed } from '../../../components/load-failed';
import { MuteIcon } from '../../../components/mute-icon';
import { LoadingBlock } from '../../../components/spinner';
import { TextField } from '../../../components/text-field';
import { errorText, NetworkError } from '../../../lib/api-client';
import { type MuteDays, useAddMutedWord, useMutedWords, useRemoveMutedWord } from '../../../lib/mute';
import { showToast } from '../../../lib/toast';
import { tr } from '../../../locales/tr';
import { trMute } from '../../../locales/tr-mute';
import { formatUntil } from './muted-accounts';

/** The longest word the server takes (characters after trimming). */
const WORD_MAX = 100;

const DURATIONS: readonly { value: '' | `${MuteDays}`; label: string }[] = [
  { value: '', label: trMute.forever },
  { value: '1', label: trMute.day1 },
  { value: '7', label: trMute.day7 },
  { value: '30', label: trMute.day30 },
];

/**
 * The words part of the settings' `Sessize alınanlar` (issue 25): a form to add a word or
 * `#etiket` for `Süresiz` / 1 / 7 / 30 days, and the active words with their end time and `Kaldır`.
 * The server's Turkish refusal (empty, too long, a duplicate, over the cap) shows under the field.
 */
export function MutedWords() {
  const { data, error, isPending, refetch } = useMutedWords();
  const add = useAddMutedWord();
  const [word, setWord] = useState('');
  const [days, setDays] = useState<'' | `${MuteDays}`>('');
  const [failed, setFailed] = useState<unknown>(null);
  const durationId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailed(null);
    const typed = word.trim();
    add.mutate(
      { word: typed, days: days ? (Number(days) as MuteDays) : null },
      {
        onSuccess: () => {
          setWord('');
          showToast(trMute.added(typed));
        },
        onError: (cause) => setFailed(cause),
      },
    );
  };

  return (
    <div className="muted-words">
      <form className="muted-words__form" onSubmit={submit} noValidate>
        <TextField
          label={trMute.wordField}
          hint={trMute.wordHint}
          value={word}
          maxLength={WORD_MAX}
          onChange={(event) => setWord(event.target.value)}
          error={failed ? errorText(failed, trMute.failed, trMute.networkError) : null}
          data-testid="muted-word-input"
        />
        <div className="field muted-words__duration">
          <label className="field__label" htmlFor={durationId}>
            {trMute.duration}
          </label>
          <select id={durationId} className="field__input" value={days} onChange={(event) => setDays(event.target.value as '' | `${MuteDays}`)}>
            {DURATIONS.map((d) => (
              <option key={d.value} value={d.value}>
                {d.label}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" variant="primary" size="sm" disabled={add.isPending} aria-busy={add.isPending || undefined}>
          {add.isPending ? trMute.adding : trMute.add}
        </Button>
      </form>
      {isPending ? (
        <LoadingBlock label={tr.app.loading} />
      ) : !data ? (
        <LoadFailed
          compact
          buttonSize="sm"
          title={trMute.wordsFailed}
          description={error instanceof NetworkError ? trMute.networkError : undefined}
          retryLabel={trMute.retry}
          onRetry={() => void refetch()}
        />
      ) : data.words.length === 0 ? (
        <EmptyState className="blocked-accounts__empty" icon={<MuteIcon size={28} />} title={trMute.wordsEmpty} description={trMute.wordsEmptyText} />
      ) : (
        <ul className="muted-words__list" aria-label={trMute.wordsLabel} data-testid="muted-words">
          {data.words.map((w) => (
            <WordRow key={w.id} id={w.id} word={w.word} expiresAt={w.expiresAt} />
          ))}
        </ul>
      )}
    </div>
  );
}

function WordRow({ id, word, expiresAt }: { id: string; word: string; expiresAt: string | null }) {
  const remove = useRemoveMutedWord();
  const [failed, setFailed] = useState<unknown>(null);
  return (
    <li className="muted-words__row">
      <span className="muted-words__text">
        <span className="muted-words__word">{word}</span>
        <span className="muted-words__until">{expiresAt ? trMute.until(formatUntil(expiresAt)) : trMute.untilForever}</span>
      </span>
      <Button
        variant="secondary"
        size="sm"
        aria-label={trMute.removeLabel(word)}
        disabled={remove.isPending}
        onClick={() => {
          setFailed(null);
          remove.mutate(id, { onSuccess: () => showToast(trMute.removed(word)), onError: (cause) => setFailed(cause) });
        }}
      >
        {trMute.remove}
      </Button>
      {failed ? <Alert tone="error">{errorText(failed, trMute.failed, trMute.networkError)}</Alert> : null}
    </li>
  );
}
