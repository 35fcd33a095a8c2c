import { EmptyState } from '../../../components/empty-state';
import { MailIcon } from '../../../components/icons';
import { tr } from '../../../locales/tr';

/** Conversations and the chat pane; a later issue fills it. */
export function MessagesView() {
  return (
    <EmptyState
      icon={<MailIcon size={32} />}
      title={tr.messages.title}
      description={tr.messages.placeholder}
    />
  );
}
