import { useNavigate } from '@tanstack/react-router';
import i18n from '../i18n';
import { useLogOut } from './session';
import { showSuccessToast } from './toast';

/** Log out (spec 4: the local session ends whatever the server answers), then go to the login page. */
export function useLogOutAction(): { logOut: () => void; isPending: boolean } {
  const navigate = useNavigate();
  const logOut = useLogOut(() => {
    void navigate({ to: '/auth/login' });
    showSuccessToast(i18n.t('auth.loggedOut'));
  });
  return { logOut: () => logOut.mutate(), isPending: logOut.isPending };
}
