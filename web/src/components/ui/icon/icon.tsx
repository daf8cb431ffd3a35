/**
 * A small hand-picked stroke icon set (24×24), inline so pages need no icon font or extra
 * requests. Decorative only: callers put the meaning in text.
 */
const PATHS = {
  play: ['M10 8.5v7l6-3.5z', 'CIRCLE:12,12,9'],
  users: [
    'CIRCLE:9,8,3.5',
    'M2.5 20c.8-3.6 3.4-5.5 6.5-5.5s5.7 1.9 6.5 5.5',
    'CIRCLE:17,9,2.5',
    'M16.5 14.6c2.7.2 4.4 2 5 5',
  ],
  clipboard: [
    'M7 4H5.5A1.5 1.5 0 0 0 4 5.5v14A1.5 1.5 0 0 0 5.5 21h13a1.5 1.5 0 0 0 1.5-1.5v-14A1.5 1.5 0 0 0 18.5 4H17',
    'M8 2.5h8v3H8z',
    'M8.5 11l1.5 1.5 3-3',
    'M8.5 16.5h7',
  ],
  calendar: [
    'M5 5h14a1.5 1.5 0 0 1 1.5 1.5v12.5a1.5 1.5 0 0 1-1.5 1.5H5a1.5 1.5 0 0 1-1.5-1.5V6.5A1.5 1.5 0 0 1 5 5z',
    'M3.5 10h17',
    'M8 3v4',
    'M16 3v4',
    'M8 14h3',
  ],
  file: ['M6 3h8l5 5v13H6z', 'M14 3v5h5', 'M9 13h7', 'M9 17h5'],
  shuffle: ['M3 7h4l10 10h4', 'M3 17h4l3-3', 'M14 10l3-3h4', 'M18 4l3 3-3 3', 'M18 14l3 3-3 3'],
  shield: ['M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6z', 'M9 12l2 2 4-4'],
  repeat: ['M17 2l3 3-3 3', 'M4 11V9a4 4 0 0 1 4-4h12', 'M7 22l-3-3 3-3', 'M20 13v2a4 4 0 0 1-4 4H4'],
  message: ['M4 5h16v11H9l-5 4z', 'M8 9.5h8', 'M8 12.5h5'],
  mail: ['M5 5h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2z', 'M3.5 6.5 12 13l8.5-6.5'],
  chart: ['M4 4v16h16', 'M8 16v-4', 'M12 16V8', 'M16 16v-6'],
  arrowRight: ['M5 12h14', 'M13 6l6 6-6 6'],
  terminal: ['M4 4h16a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1z', 'M7 9l3 3-3 3', 'M12 15h5'],
  cloud: ['M7 18a4.5 4.5 0 0 1-.5-9 6 6 0 0 1 11.5 1.5A3.8 3.8 0 0 1 17.5 18z'],
  hexagon: [
    'M12 2.5l8.5 4.8v9.4L12 21.5l-8.5-4.8V7.3z',
    'CIRCLE:12,12,3',
    'M12 5.5V9',
    'M12 15v3.5',
    'M6.3 8.8l3.1 1.7',
    'M14.6 13.5l3.1 1.7',
    'M6.3 15.2l3.1-1.7',
    'M14.6 10.5l3.1-1.7',
  ],
  branch: ['CIRCLE:6,5,2', 'CIRCLE:6,19,2', 'CIRCLE:18,7,2', 'M6 7v10', 'M18 9c0 4-3 6-10 8.5'],
  layers: ['M12 3l9 5-9 5-9-5z', 'M3 13l9 5 9-5'],
  activity: ['M3 12h4l3-7 4 14 3-7h4'],
  check: ['M5 12.5l4.5 4.5L19 7.5'],
  target: ['CIRCLE:12,12,9', 'CIRCLE:12,12,5', 'CIRCLE:12,12,1.2'],
  sparkle: [
    'M12 3l1.9 5.6L19.5 10.5l-5.6 1.9L12 18l-1.9-5.6L4.5 10.5l5.6-1.9z',
    'M19 16l.8 2.2L22 19l-2.2.8L19 22l-.8-2.2L16 19l2.2-.8z',
  ],
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[name].map((d) => {
        if (d.startsWith('CIRCLE:')) {
          const [cx, cy, r] = d.slice(7).split(',');
          return <circle key={d} cx={cx} cy={cy} r={r} />;
        }
        return <path key={d} d={d} />;
      })}
    </svg>
  );
}
