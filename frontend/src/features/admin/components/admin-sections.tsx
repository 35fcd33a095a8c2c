import { EmptyState } from '../../../components/empty-state';
import { FileTextIcon, GridIcon, SettingsIcon, UsersIcon } from '../../../components/icons';
import { tr } from '../../../locales/tr';

// Placeholders of the four admin screens; later issues fill them with data.

export function AdminDashboard() {
  return (
    <section className="admin-section">
      <h1 className="admin-section__title">{tr.admin.dashboard}</h1>
      <EmptyState
        icon={<GridIcon size={32} />}
        title={tr.common.soon}
        description={tr.admin.dashboardPlaceholder}
      />
    </section>
  );
}

export function AdminUsers() {
  return (
    <section className="admin-section">
      <h1 className="admin-section__title">{tr.admin.users}</h1>
      <EmptyState
        icon={<UsersIcon size={32} />}
        title={tr.common.soon}
        description={tr.admin.usersPlaceholder}
      />
    </section>
  );
}

export function AdminPosts() {
  return (
    <section className="admin-section">
      <h1 className="admin-section__title">{tr.admin.posts}</h1>
      <EmptyState
        icon={<FileTextIcon size={32} />}
        title={tr.common.soon}
        description={tr.admin.postsPlaceholder}
      />
    </section>
  );
}

export function AdminSettings() {
  return (
    <section className="admin-section">
      <h1 className="admin-section__title">{tr.admin.settings}</h1>
      <EmptyState
        icon={<SettingsIcon size={32} />}
        title={tr.common.soon}
        description={tr.admin.settingsPlaceholder}
      />
    </section>
  );
}
