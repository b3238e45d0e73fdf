import { useNavigate, useParams } from 'react-router';
import { UserEditDrawer } from './UserEditDrawer';

/**
 * /user/edit/:id opens the editor on a user (admins) and /user/edit on oneself; closing it returns
 * to the list or to personal settings.
 */
export function UserEditPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const userId = id && /^\d+$/.test(id) ? Number(id) : null;
  return (
    <UserEditDrawer
      target={userId !== null ? { mode: 'admin', id: userId } : { mode: 'self' }}
      onClose={() => void navigate(userId !== null ? '/user' : '/personal')}
    />
  );
}
