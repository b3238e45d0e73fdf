import { IconExit, IconUserSetting } from '@douyinfe/semi-icons';
import { Avatar, Button, Dropdown, Toast } from '@douyinfe/semi-ui-19';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLogoutMutation } from '../../api/auth-queries';
import { clearStoredUser, type StoredUser } from '../../session/stored-user';

export function UserMenu({ user }: { user: StoredUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logout = useLogoutMutation();
  const name = user.display_name || user.username;

  const signOut = () =>
    logout.mutate(undefined, {
      // Forget the user locally even if the server call failed: the visitor asked to leave.
      onSettled: () => {
        clearStoredUser();
        queryClient.clear();
        Toast.success(t('topBar.logoutDone'));
        void navigate('/login');
      },
    });

  return (
    <Dropdown
      trigger="click"
      position="bottomRight"
      render={
        <Dropdown.Menu>
          <Dropdown.Item icon={<IconUserSetting />} onClick={() => void navigate('/personal')}>
            {t('topBar.personal')}
          </Dropdown.Item>
          <Dropdown.Item icon={<IconExit />} onClick={signOut}>
            {t('topBar.logout')}
          </Dropdown.Item>
        </Dropdown.Menu>
      }
    >
      <span>
        <Button theme="borderless" type="tertiary" className="user-menu-trigger" data-testid="user-menu">
          <Avatar size="extra-small" color="light-blue">
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
          <span className="user-menu-name">{name}</span>
        </Button>
      </span>
    </Dropdown>
  );
}
