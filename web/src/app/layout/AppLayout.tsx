import { Outlet } from 'react-router';
import { useStoredUser } from '../../session/stored-user';
import { Footer } from './Footer';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';
import './layout.css';

/** Top bar, sidebar (signed-in users only: every entry in it needs a login) and footer. */
export function AppLayout() {
  const user = useStoredUser();
  return (
    <div className="app-shell">
      <TopBar />
      <div className="app-body">
        {user && <Sidebar user={user} />}
        <div className="app-main">
          <main className="app-content">
            <Outlet />
          </main>
          <Footer />
        </div>
      </div>
    </div>
  );
}
