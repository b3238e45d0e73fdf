import { Button } from '@douyinfe/semi-ui-19';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const COLORS = ['#f93e3e', '#ffc53d', '#3370ff', '#3bc98a', '#b37feb'];
const PIECES = 60;

interface Piece {
  left: number;
  delay: number;
  color: string;
}

const makeBurst = (): Piece[] =>
  Array.from({ length: PIECES }, (_, i) => ({
    left: Math.random() * 100,
    delay: Math.random() * 0.6,
    color: COLORS[i % COLORS.length],
  }));

/** The 1 January item of the top bar: a click throws confetti over the page for a moment. */
export function NewYearGreeting() {
  const { t } = useTranslation();
  const [burst, setBurst] = useState<Piece[] | null>(null);

  const celebrate = () => {
    setBurst(makeBurst());
    window.setTimeout(() => setBurst(null), 3000);
  };

  return (
    <>
      <Button theme="borderless" type="warning" onClick={celebrate}>
        🎉 {t('topBar.happyNewYear')}
      </Button>
      {burst && (
        <div className="confetti" aria-hidden="true" data-testid="confetti">
          {burst.map((piece, i) => (
            <span
              key={i}
              style={{ left: `${piece.left}%`, animationDelay: `${piece.delay}s`, background: piece.color }}
            />
          ))}
        </div>
      )}
    </>
  );
}
