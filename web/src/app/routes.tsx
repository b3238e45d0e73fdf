import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { FullPageSpin } from '../components/FullPageSpin';
import { RequireUser } from './guards/RequireUser';
import { SiteStatusGate } from './guards/SiteStatusGate';
import { AppLayout } from './layout/AppLayout';
import { AboutPage } from '../pages/About/AboutPage';
import { ChannelPage } from '../pages/Channel/ChannelPage';
import { ChannelEditPage } from '../pages/ChannelEdit/ChannelEditPage';
import { ChatPage } from '../pages/Chat/ChatPage';
import { Chat2LinkPage } from '../pages/Chat2Link/Chat2LinkPage';
import { HomePage } from '../pages/Home/HomePage';
import { LogPage } from '../pages/Log/LogPage';
import { LoginPage } from '../pages/Login/LoginPage';
import { MidjourneyPage } from '../pages/Midjourney/MidjourneyPage';
import { NotFoundPage } from '../pages/NotFound/NotFoundPage';
import { OAuthCallbackPage } from '../pages/OAuthCallback/OAuthCallbackPage';
import { PasswordResetPage } from '../pages/PasswordReset/PasswordResetPage';
import { PasswordResetConfirmPage } from '../pages/PasswordResetConfirm/PasswordResetConfirmPage';
import { PersonalPage } from '../pages/Personal/PersonalPage';
import { PricingPage } from '../pages/Pricing/PricingPage';
import { RedemptionPage } from '../pages/Redemption/RedemptionPage';
import { RegisterPage } from '../pages/Register/RegisterPage';
import { SettingPage } from '../pages/Setting/SettingPage';
import { SetupPage } from '../pages/Setup/SetupPage';
import { TaskPage } from '../pages/Task/TaskPage';
import { TokenPage } from '../pages/Token/TokenPage';
import { TopUpPage } from '../pages/TopUp/TopUpPage';
import { UserPage } from '../pages/User/UserPage';
import { UserEditPage } from '../pages/UserEdit/UserEditPage';

// The playground brings Semi's chat and Markdown renderer; only its visitors download them.
const PlaygroundPage = lazy(() => import('../pages/Playground/PlaygroundPage'));
const playground = (
  <Suspense fallback={<FullPageSpin />}>
    <PlaygroundPage />
  </Suspense>
);
// The dashboard brings VChart, loaded when it is opened.
const DetailPage = lazy(() => import('../pages/Detail/DetailPage'));
const detail = (
  <Suspense fallback={<FullPageSpin />}>
    <DetailPage />
  </Suspense>
);

/** The route table of document 3, section 2.10, plus the account routes of document 1. */
export const routes: RouteObject[] = [
  {
    element: <SiteStatusGate />,
    children: [
      { path: '/setup', element: <SetupPage /> },
      {
        element: <AppLayout />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'login', element: <LoginPage /> },
          { path: 'register', element: <RegisterPage /> },
          { path: 'reset', element: <PasswordResetPage /> },
          // The guard of /user/reset is not given by the spec; a reset link must work signed out.
          { path: 'user/reset', element: <PasswordResetConfirmPage /> },
          { path: 'oauth/github', element: <OAuthCallbackPage /> },
          { path: 'oauth/oidc', element: <OAuthCallbackPage /> },
          { path: 'oauth/linuxdo', element: <OAuthCallbackPage /> },
          { path: 'pricing', element: <PricingPage /> },
          { path: 'about', element: <AboutPage /> },
          { path: 'chat/:id?', element: <ChatPage /> },
          {
            element: <RequireUser />,
            children: [
              { path: 'channel', element: <ChannelPage /> },
              { path: 'channel/edit/:id', element: <ChannelEditPage /> },
              { path: 'channel/add', element: <ChannelEditPage /> },
              { path: 'token', element: <TokenPage /> },
              { path: 'playground', element: playground },
              { path: 'redemption', element: <RedemptionPage /> },
              { path: 'user', element: <UserPage /> },
              { path: 'user/edit/:id', element: <UserEditPage /> },
              { path: 'user/edit', element: <UserEditPage /> },
              { path: 'setting', element: <SettingPage /> },
              { path: 'personal', element: <PersonalPage /> },
              { path: 'topup', element: <TopUpPage /> },
              { path: 'log', element: <LogPage /> },
              { path: 'detail', element: detail },
              { path: 'midjourney', element: <MidjourneyPage /> },
              { path: 'task', element: <TaskPage /> },
              { path: 'chat2link', element: <Chat2LinkPage /> },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
