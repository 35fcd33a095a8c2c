import { Modal } from '../../../components/modal';
import { trShortcuts } from '../../../locales/tr-shortcuts';

const SHORTCUTS: readonly [keys: string[], label: string][] = [
  [['j'], trShortcuts.next],
  [['k'], trShortcuts.previous],
  [['Enter'], trShortcuts.open],
  [['←', '→'], trShortcuts.actions],
  [['Esc'], trShortcuts.back],
  [['n'], trShortcuts.compose],
  [['/'], trShortcuts.search],
  [['Esc'], trShortcuts.leavePost],
  [['?'], trShortcuts.help],
];

/** The dialog `?` opens (feed-shortcuts.tsx): every shortcut of the app with its keys. */
export function ShortcutHelp({ onClose }: { onClose: () => void }) {
  return (
    <Modal title={trShortcuts.title} onClose={onClose}>
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
