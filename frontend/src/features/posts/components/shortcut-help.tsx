import { Modal } from '../../../components/modal';
import { tr } from '../../../locales/tr';

const SHORTCUTS: readonly [keys: string[], label: string][] = [
  [['j'], tr.posts.shortcuts.next],
  [['k'], tr.posts.shortcuts.previous],
  [['Enter'], tr.posts.shortcuts.open],
  [['←', '→'], tr.posts.shortcuts.actions],
  [['Esc'], tr.posts.shortcuts.back],
  [['n'], tr.posts.shortcuts.compose],
  [['/'], tr.posts.shortcuts.search],
  [['Esc'], tr.posts.shortcuts.leavePost],
  [['?'], tr.posts.shortcuts.help],
];

/** The dialog `?` opens (feed-shortcuts.tsx): every shortcut of the app with its keys. */
export function ShortcutHelp({ onClose }: { onClose: () => void }) {
  return (
    <Modal title={tr.posts.shortcuts.title} onClose={onClose}>
      <dl className="shortcut-list">
        {SHORTCUTS.map(([keys, label]) => (
          <div key={label} className="shortcut-list__row">
            <dt>
              {keys.map((key) => (
                <kbd key={key}>{key}</kbd>
              ))}
            </dt>
            <dd>{label}</dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}
