import { redirect } from 'react-router';

/** `/settings` was the notification settings page: they are now a section of `/u/me/settings`. */
export function loader() {
  return redirect('/u/me/settings#notifications', 301);
}

export default function SettingsRedirect() {
  return null;
}
