import { regionName } from "@coordina/domain";
import { type ReactNode, useId } from "react";

/**
 * The flags of Spain's 17 autonomous communities and of the country (the national level), drawn here as
 * simplified inline SVG on a 300×200 (3:2) canvas: recognisable designs, a few shapes each, no images.
 */

const RED = "#c8102e";
const YELLOW = "#fcd116";
const GOLD = "#f1bf00";
const CRIMSON = "#a6192e";
const WHITE = "#ffffff";

/** A shape drawn on a 10×10 box, placed with its top-left corner at (x, y) and `size` wide. */
function place(d: string, x: number, y: number, size: number, fill: string, key?: string) {
  return <path key={key} d={d} fill={fill} fillRule="evenodd" transform={`translate(${x} ${y}) scale(${size / 10})`} />;
}

/** A three-towered castle with a door. */
const CASTLE = (() => {
  const towers: [number, number, number][] = [
    [0, 3, 3],
    [3.5, 6.5, 0.5],
    [7, 10, 3],
  ];
  let d = "M0 10";
  for (const [a, b, top] of towers) {
    const s = (b - a) / 5;
    d += `L${a} 5.2L${a} ${top}`;
    for (let i = 1; i < 5; i++) d += `L${a + i * s} ${i % 2 ? top : top + 0.9}L${a + i * s} ${i % 2 ? top + 0.9 : top}`;
    d += `L${b} ${top}L${b} 5.2`;
  }
  return `${d}L10 10Z M4.1 10V8.3A0.9 0.9 0 0 1 5.9 8.3V10Z`;
})();

/** A royal crown (10×6). */
const CROWN = "M0 6V1.5L2.5 3.6L5 0L7.5 3.6L10 1.5V6Z";

/** A rampant lion, simplified (10×10). */
const LION =
  "M3 0.8L5 0.6L6.2 1.8L5.6 3L6.6 4L8.2 4.4L8.8 5.8L9.6 4.8L9.9 6.4L8.9 7.4L8.2 9.6H6.9L7.1 8L5.6 7.6L4.6 9.6H3.3L4 7.1L3.8 5.1L2 5.6L1.5 4.8L3 4L2 3.5L1.1 4L1 2.9L2.5 2.4Z";

/** A five-pointed star centred on (cx, cy). */
function star(cx: number, cy: number, r: number) {
  const points: string[] = [];
  for (let i = 0; i < 10; i++) {
    const radius = i % 2 ? r * 0.4 : r;
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    points.push(`${(cx + radius * Math.cos(angle)).toFixed(1)} ${(cy + radius * Math.sin(angle)).toFixed(1)}`);
  }
  return `M${points.join("L")}Z`;
}

/** Horizontal stripes of equal height, top to bottom. */
function stripes(colors: string[]) {
  const h = 200 / colors.length;
  return colors.map((fill, i) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: fixed stripes
    <rect key={i} y={i * h} width={300} height={h + 0.5} fill={fill} />
  ));
}

/** The four red bars on gold (Catalonia, and part of Aragon, the Balearic Islands and Valencia). */
const SENYERA = stripes([YELLOW, RED, YELLOW, RED, YELLOW, RED, YELLOW, RED, YELLOW]);

function aragon(clip: string): ReactNode {
  const shield = "M52 58H112V118A30 30 0 0 1 52 118Z";
  return (
    <>
      {SENYERA}
      <clipPath id={clip}>
        <path d={shield} />
      </clipPath>
      <g clipPath={`url(#${clip})`}>
        <rect x={52} y={58} width={30} height={40} fill={GOLD} />
        <circle cx={67} cy={76} r={9} fill="#2e7d32" />
        <rect x={82} y={58} width={30} height={40} fill="#1f4e9c" />
        <path d="M95 62h4v10h8v4h-8v18h-4v-18h-8v-4h8z" fill={WHITE} />
        <rect x={52} y={98} width={30} height={52} fill={WHITE} />
        <path d="M65 100h4v14h10v4h-10v26h-4v-26h-10v-4h10z" fill={RED} />
        <rect x={82} y={98} width={30} height={52} fill={GOLD} />
        <path d="M86 98h5v52h-5zM96 98h5v52h-5zM106 98h5v52h-5z" fill={RED} />
      </g>
      <path d={shield} fill="none" stroke="#7a5c00" strokeWidth={2} />
      {place(CROWN, 60, 40, 44, GOLD)}
    </>
  );
}

const FLAGS: Record<string, (clip: string) => ReactNode> = {
  AN: () => stripes(["#007a33", WHITE, "#007a33"]),
  AR: aragon,
  AS: () => (
    <>
      <rect width={300} height={200} fill="#0066b3" />
      <g fill="#ffc400">
        <path d="M101 32h22v140h-22zM66 68h92v20h-92z" />
        <circle cx={112} cy={30} r={10} />
        <circle cx={64} cy={78} r={10} />
        <circle cx={160} cy={78} r={10} />
        <text x={72} y={128} fontSize={30} fontWeight={700} fontFamily="serif" textAnchor="middle">
          A
        </text>
        <text x={152} y={128} fontSize={30} fontWeight={700} fontFamily="serif" textAnchor="middle">
          Ω
        </text>
      </g>
    </>
  ),
  IB: () => (
    <>
      {SENYERA}
      <rect width={130} height={111.2} fill="#5e2a84" />
      {place(CASTLE, 37, 28, 56, WHITE)}
    </>
  ),
  CN: () => (
    <>
      <rect width={100} height={200} fill={WHITE} />
      <rect x={100} width={100} height={200} fill="#0768a9" />
      <rect x={200} width={100} height={200} fill="#ffcc00" />
    </>
  ),
  CB: () => stripes([WHITE, "#d8232a"]),
  CL: () => (
    <>
      <rect width={300} height={200} fill={WHITE} />
      <rect width={150} height={100} fill={RED} />
      <rect x={150} y={100} width={150} height={100} fill={RED} />
      {place(CASTLE, 45, 20, 60, GOLD)}
      {place(CASTLE, 195, 120, 60, GOLD)}
      {place(LION, 195, 18, 62, "#7b2d8e")}
      {place(LION, 45, 118, 62, "#7b2d8e")}
    </>
  ),
  CM: () => (
    <>
      <rect width={300} height={200} fill={WHITE} />
      <rect width={150} height={200} fill={CRIMSON} />
      {place(CASTLE, 35, 50, 80, GOLD)}
    </>
  ),
  CT: () => SENYERA,
  VC: () => (
    <>
      {SENYERA}
      <rect width={78} height={200} fill="#0055a4" />
      <rect x={70} width={8} height={200} fill={RED} />
      {place(CROWN, 14, 14, 44, GOLD)}
    </>
  ),
  EX: () => stripes(["#00a650", WHITE, "#000000"]),
  GA: () => (
    <>
      <rect width={300} height={200} fill={WHITE} />
      <line x1={-10} y1={-7} x2={310} y2={207} stroke="#0099d8" strokeWidth={56} />
    </>
  ),
  MD: () => (
    <>
      <rect width={300} height={200} fill="#d50032" />
      <path
        d={[...[60, 120, 180, 240].map((x) => star(x, 70, 24)), ...[90, 150, 210].map((x) => star(x, 130, 24))].join(
          "",
        )}
        fill={WHITE}
      />
    </>
  ),
  MC: () => (
    <>
      <rect width={300} height={200} fill={CRIMSON} />
      {[
        [20, 18],
        [70, 18],
        [20, 62],
        [70, 62],
      ].map(([x, y]) => place(CASTLE, x ?? 0, y ?? 0, 38, GOLD, `c${x}-${y}`))}
      {[
        [232, 96],
        [190, 124],
        [232, 124],
        [274, 124],
        [211, 152],
        [253, 152],
        [232, 180],
      ].map(([x, y]) => place(CROWN, (x ?? 0) - 16, (y ?? 0) - 16, 32, GOLD, `k${x}-${y}`))}
    </>
  ),
  NC: () => (
    <>
      <rect width={300} height={200} fill="#e3001b" />
      <path
        d="M118 66H182V122A32 32 0 0 1 118 122ZM150 66V154M118 110H182M118 66L182 150M182 66L118 150"
        fill="none"
        stroke={GOLD}
        strokeWidth={6}
        strokeDasharray="7 3"
      />
      <circle cx={150} cy={110} r={7} fill="#1b8a3a" stroke={GOLD} strokeWidth={2} />
      {place(CROWN, 122, 36, 56, GOLD)}
    </>
  ),
  PV: () => (
    <>
      <rect width={300} height={200} fill="#d52b1e" />
      <path d="M0 0L300 200M300 0L0 200" stroke="#009b48" strokeWidth={30} />
      <path d="M150 0V200M0 100H300" stroke={WHITE} strokeWidth={28} />
    </>
  ),
  RI: () => stripes(["#da291c", WHITE, "#00843d", "#ffcd00"]),
  ES: () => (
    <>
      <rect width={300} height={200} fill="#aa151b" />
      <rect y={50} width={300} height={100} fill={GOLD} />
    </>
  ),
};

/**
 * The flag of a region (REGIONS code), `size` pixels wide, as an image named after the region. Nothing
 * for an unknown code.
 */
export function RegionFlag({ code, size = 36 }: { code: string | null | undefined; size?: number }) {
  const clip = useId();
  const name = regionName(code);
  const draw = code ? FLAGS[code] : undefined;
  if (!name || !draw) return null;
  return (
    <svg
      role="img"
      aria-label={name}
      viewBox="0 0 300 200"
      width={size}
      height={Math.round((size * 2) / 3)}
      style={{ display: "block", overflow: "hidden", flexShrink: 0, borderRadius: 2 }}
    >
      <title>{name}</title>
      {draw(`flag-clip-${clip.replace(/[^a-zA-Z0-9_-]/g, "")}`)}
      <rect width={300} height={200} fill="none" stroke="rgba(0,0,0,0.25)" strokeWidth={4} />
    </svg>
  );
}
