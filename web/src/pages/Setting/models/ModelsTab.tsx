import { ClaudeSettings } from './ClaudeSettings';
import { GeminiSettings } from './GeminiSettings';
import { GlobalModelSettings } from './GlobalModelSettings';
import '../operation/operation.css';

/** ?tab=models: global, Gemini and Claude settings (spec 2 §2.1). */
export function ModelsTab() {
  return (
    <div className="operation-settings">
      <GlobalModelSettings />
      <GeminiSettings />
      <ClaudeSettings />
    </div>
  );
}
