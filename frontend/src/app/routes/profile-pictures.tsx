import { ProfileImageControl } from '../../features/settings/components/profile-image-control';
import '../../features/settings/settings.css';

/**
 * The avatar and header pickers of the settings (issue 24) in the own profile's `Profili düzenle`
 * (issue 26): features meet here, in app/, and this chunk loads with the editor's first opening.
 */
export function ProfilePictures() {
  return (
    <>
      <ProfileImageControl kind="avatar" />
      <ProfileImageControl kind="header" />
    </>
  );
}
