import { LoginSection } from './LoginSection';
import { OidcSection } from './OidcSection';
import { PaymentSection } from './PaymentSection';
import {
  GeneralSection,
  GitHubSection,
  LinuxDoSection,
  OutboundSection,
  SmtpSection,
  TelegramSection,
  TurnstileSection,
  WeChatSection,
  WorkerSection,
} from './SimpleSections';
import { WhitelistSection } from './WhitelistSection';

/** Settings → System (root only): the sections of spec 1 "System settings", each saved on its own. */
export function SystemTab() {
  return (
    <div className="setting-system-tab">
      <GeneralSection />
      <WorkerSection />
      <OutboundSection />
      <PaymentSection />
      <LoginSection />
      <WhitelistSection />
      <SmtpSection />
      <OidcSection />
      <GitHubSection />
      <LinuxDoSection />
      <WeChatSection />
      <TelegramSection />
      <TurnstileSection />
    </div>
  );
}
