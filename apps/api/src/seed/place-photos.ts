import sharp from 'sharp';

/**
 * The demo places' photos, drawn here as SVG and turned into PNG (no binary files in the
 * repository): each kind of place looks like what it is — a clay tennis court with its net, a
 * multi-sport court with goals and a hoop, a pool with lanes, a barbecue with its grill and
 * tables, a gourmet kitchen — by day and at dusk with its lights on.
 */
export type PlaceKind = 'tennis' | 'sports-court' | 'pool' | 'barbecue' | 'gourmet';

/** The kind of a demo place from its name; a court when nothing else fits. */
export function placeKindOf(name: string): PlaceKind {
  if (/t[êe]nis/i.test(name)) return 'tennis';
  if (/piscina/i.test(name)) return 'pool';
  if (/churrasqueira/i.test(name)) return 'barbecue';
  if (/gourmet/i.test(name)) return 'gourmet';
  return 'sports-court';
}

const width = 1200;
const height = 800;

/** A point of a court seen from behind its near end: u across (−0.5…0.5), v along (0 near, 1 far). */
function project(u: number, v: number, near = { y: 770, w: 900 }, far = { y: 360, w: 420 }) {
  const depth = (v * (1 - 0.3 * v)) / 0.7;
  const y = near.y + (far.y - near.y) * depth;
  const w = near.w + (far.w - near.w) * depth;
  return [600 + u * w, y] as const;
}
const point = (u: number, v: number) =>
  project(u, v)
    .map((n) => n.toFixed(1))
    .join(',');
const line = (u1: number, v1: number, u2: number, v2: number, stroke = '#fff', widthPx = 5) =>
  `<line x1="${project(u1, v1)[0]}" y1="${project(u1, v1)[1]}" x2="${project(u2, v2)[0]}" y2="${project(u2, v2)[1]}" stroke="${stroke}" stroke-width="${widthPx}" stroke-linecap="round"/>`;
const quad = (u1: number, u2: number, v1: number, v2: number) =>
  `${point(u1, v1)} ${point(u2, v1)} ${point(u2, v2)} ${point(u1, v2)}`;

const sun = '<circle cx="1010" cy="120" r="60" fill="#fde047"/>';
const moon = '<circle cx="1010" cy="120" r="34" fill="#f8fafc"/>';

/** Sky, distant trees and grass behind an outdoor place. */
function outdoorBackdrop(horizon: number) {
  const trees = Array.from({ length: 14 }, (_, index) => {
    const x = index * 92 + 20;
    const r = 48 + ((index * 37) % 30);
    return `<circle cx="${x}" cy="${horizon - r / 2}" r="${r}" fill="${index % 2 ? '#166534' : '#15803d'}"/>`;
  }).join('');
  return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#60a5fa"/><stop offset="1" stop-color="#dbeafe"/></linearGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#sky)"/>
    ${sun}
    <ellipse cx="260" cy="120" rx="110" ry="30" fill="#fff" opacity="0.85"/>
    <ellipse cx="340" cy="100" rx="80" ry="28" fill="#fff" opacity="0.85"/>
    ${trees}
    <rect y="${horizon}" width="${width}" height="${height - horizon}" fill="#4d7c0f"/>`;
}

function tennis() {
  const net = [project(-0.62, 0.5), project(0.62, 0.5)] as const;
  const netHeight = 46;
  return `${outdoorBackdrop(330)}
    <polygon points="${quad(-0.8, 0.8, -0.15, 1.2)}" fill="#c2410c"/>
    <polygon points="${quad(-0.5, 0.5, 0, 1)}" fill="#ea580c"/>
    ${line(-0.5, 0, 0.5, 0)}${line(-0.5, 1, 0.5, 1)}${line(-0.5, 0, -0.5, 1)}${line(0.5, 0, 0.5, 1)}
    ${line(-0.375, 0, -0.375, 1)}${line(0.375, 0, 0.375, 1)}
    ${line(-0.375, 0.231, 0.375, 0.231)}${line(-0.375, 0.769, 0.375, 0.769)}
    ${line(0, 0.231, 0, 0.769)}${line(0, 0, 0, 0.02)}${line(0, 0.98, 0, 1)}
    <polygon points="${net[0][0]},${net[0][1]} ${net[1][0]},${net[1][1]} ${net[1][0]},${net[1][1] - netHeight} ${net[0][0]},${net[0][1] - netHeight}" fill="#111827" opacity="0.55"/>
    <line x1="${net[0][0]}" y1="${net[0][1] - netHeight}" x2="${net[1][0]}" y2="${net[1][1] - netHeight}" stroke="#fff" stroke-width="6"/>
    <rect x="${net[0][0] - 5}" y="${net[0][1] - netHeight - 6}" width="10" height="${netHeight + 6}" fill="#1f2937"/>
    <rect x="${net[1][0] - 5}" y="${net[1][1] - netHeight - 6}" width="10" height="${netHeight + 6}" fill="#1f2937"/>
    <circle cx="760" cy="640" r="11" fill="#d9f99d" stroke="#65a30d" stroke-width="2"/>`;
}

function sportsCourt() {
  const hoop = project(0, 1.03);
  const goalNear = [project(-0.1, 0), project(0.1, 0)] as const;
  return `${outdoorBackdrop(330)}
    <polygon points="${quad(-0.72, 0.72, -0.12, 1.15)}" fill="#9a3412"/>
    <polygon points="${quad(-0.5, 0.5, 0, 1)}" fill="#1d4ed8"/>
    ${line(-0.5, 0, 0.5, 0)}${line(-0.5, 1, 0.5, 1)}${line(-0.5, 0, -0.5, 1)}${line(0.5, 0, 0.5, 1)}
    ${line(-0.5, 0.5, 0.5, 0.5)}
    <ellipse cx="${project(0, 0.5)[0]}" cy="${project(0, 0.5)[1]}" rx="110" ry="34" fill="none" stroke="#fff" stroke-width="5"/>
    <path d="M ${point(-0.25, 0)} Q ${point(0, 0.3)} ${point(0.25, 0)}" fill="none" stroke="#fbbf24" stroke-width="5"/>
    <path d="M ${point(-0.25, 1)} Q ${point(0, 0.8)} ${point(0.25, 1)}" fill="none" stroke="#fbbf24" stroke-width="5"/>
    <rect x="${hoop[0] - 6}" y="${hoop[1] - 210}" width="12" height="210" fill="#374151"/>
    <rect x="${hoop[0] - 60}" y="${hoop[1] - 250}" width="120" height="76" fill="#f8fafc" stroke="#374151" stroke-width="4"/>
    <rect x="${hoop[0] - 22}" y="${hoop[1] - 214}" width="44" height="30" fill="none" stroke="#dc2626" stroke-width="4"/>
    <ellipse cx="${hoop[0]}" cy="${hoop[1] - 180}" rx="26" ry="7" fill="none" stroke="#ea580c" stroke-width="5"/>
    <path d="M ${goalNear[0][0]} ${goalNear[0][1]} V ${goalNear[0][1] - 120} H ${goalNear[1][0]} V ${goalNear[1][1]}" fill="none" stroke="#f8fafc" stroke-width="10"/>
    <circle cx="520" cy="600" r="16" fill="#fff" stroke="#111827" stroke-width="3"/>`;
}

function pool() {
  const lanes = [-0.3, -0.1, 0.1, 0.3];
  const ropes = lanes.map((u) => line(u, 0.02, u, 0.98, 'url(#rope)', 6)).join('');
  const bottoms = [-0.4, -0.2, 0, 0.2, 0.4]
    .map((u) => line(u, 0.08, u, 0.92, '#1e3a8a', 4))
    .join('');
  const waves = Array.from({ length: 6 }, (_, index) => {
    const [x, y] = project(-0.4 + index * 0.16, 0.2 + (index % 3) * 0.25);
    return `<path d="M ${x - 40} ${y} q 20 -8 40 0 t 40 0" fill="none" stroke="#e0f2fe" stroke-width="3" opacity="0.8"/>`;
  }).join('');
  const blocks = lanes
    .concat([-0.5, 0.5])
    .map((u) => u + 0.1)
    .filter((u) => u < 0.5)
    .map((u) => {
      const [x, y] = project(u, 1.02);
      return `<rect x="${x - 14}" y="${y - 22}" width="28" height="22" fill="#f8fafc" stroke="#64748b" stroke-width="2"/>`;
    })
    .join('');
  const [lx, ly] = project(0.52, 0.1);
  return `${outdoorBackdrop(300)}
    <defs><pattern id="rope" width="24" height="24" patternUnits="userSpaceOnUse">
      <rect width="12" height="24" fill="#dc2626"/><rect x="12" width="12" height="24" fill="#f8fafc"/></pattern>
    <linearGradient id="water" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#0891b2"/><stop offset="1" stop-color="#22d3ee"/></linearGradient></defs>
    <polygon points="${quad(-0.85, 0.85, -0.2, 1.18)}" fill="#e7e5e4"/>
    <polygon points="${quad(-0.5, 0.5, 0, 1)}" fill="url(#water)" stroke="#f5f5f4" stroke-width="10"/>
    ${bottoms}${ropes}${waves}${blocks}
    <path d="M ${lx} ${ly} v -70 M ${lx + 30} ${ly + 4} v -74 M ${lx} ${ly - 20} h 30 M ${lx} ${ly - 45} h 30" stroke="#cbd5e1" stroke-width="6" fill="none"/>
    <path d="M 60 520 L 180 470 L 300 520 Z" fill="#f97316"/><rect x="176" y="470" width="8" height="160" fill="#78716c"/>
    <rect x="110" y="640" width="150" height="22" rx="6" fill="#f8fafc" stroke="#a8a29e" stroke-width="3"/>`;
}

function barbecue() {
  const bricks = `<pattern id="bricks" width="60" height="30" patternUnits="userSpaceOnUse">
      <rect width="60" height="30" fill="#b45309"/>
      <path d="M0 15 H60 M0 30 H60 M30 0 V15 M0 15 V30 M60 15 V30" stroke="#fde68a" stroke-width="2" opacity="0.6"/></pattern>`;
  const meat = [0, 1, 2, 3]
    .map((index) => `<ellipse cx="${450 + index * 62}" cy="392" rx="24" ry="9" fill="#7c2d12"/>`)
    .join('');
  const smoke = [0, 1, 2, 3]
    .map(
      (index) =>
        `<circle cx="${600 + index * 18}" cy="${150 - index * 45}" r="${26 + index * 8}" fill="#e5e7eb" opacity="${0.7 - index * 0.12}"/>`,
    )
    .join('');
  return `${outdoorBackdrop(360)}
    <defs>${bricks}</defs>
    <rect x="80" y="250" width="1040" height="26" fill="#92400e"/>
    <rect x="100" y="276" width="22" height="350" fill="#92400e"/><rect x="1078" y="276" width="22" height="350" fill="#92400e"/>
    <rect x="560" y="130" width="80" height="160" fill="url(#bricks)"/>
    ${smoke}
    <rect x="380" y="290" width="440" height="300" fill="url(#bricks)"/>
    <rect x="410" y="330" width="380" height="90" fill="#1f2937"/>
    <path d="M 430 410 q 15 -40 30 0 q 15 -50 30 0 q 15 -40 30 0 q 15 -55 30 0 q 15 -40 30 0 q 15 -50 30 0 q 15 -40 30 0 q 15 -45 30 0 q 15 -40 30 0 q 15 -50 30 0 q 15 -40 30 0" fill="#f97316"/>
    <path d="M 410 380 H 790 M 410 395 H 790" stroke="#9ca3af" stroke-width="3"/>
    ${meat}
    <rect x="360" y="280" width="480" height="18" fill="#78350f"/>
    <rect x="180" y="620" width="840" height="36" rx="6" fill="#a16207"/>
    <rect x="220" y="656" width="20" height="110" fill="#854d0e"/><rect x="960" y="656" width="20" height="110" fill="#854d0e"/>
    <rect x="200" y="700" width="800" height="18" rx="4" fill="#ca8a04"/>
    <rect x="200" y="585" width="800" height="14" rx="4" fill="#ca8a04" opacity="0.9"/>`;
}

function gourmet() {
  const lamps = [320, 600, 880]
    .map(
      (x) =>
        `<line x1="${x}" y1="0" x2="${x}" y2="150" stroke="#1f2937" stroke-width="3"/><path d="M ${x - 45} 190 L ${x - 25} 150 H ${x + 25} L ${x + 45} 190 Z" fill="#1f2937"/><ellipse cx="${x}" cy="192" rx="40" ry="8" fill="#fde68a"/>`,
    )
    .join('');
  const chairs = [260, 420, 580, 740, 900]
    .map((x) => `<rect x="${x}" y="600" width="70" height="120" rx="8" fill="#57534e"/>`)
    .join('');
  return `<rect width="${width}" height="${height}" fill="#f5f5f4"/>
    <rect y="520" width="${width}" height="280" fill="#d6d3d1"/>
    <rect x="80" y="110" width="360" height="250" fill="#bae6fd" stroke="#78716c" stroke-width="10"/>
    <circle cx="180" cy="330" r="70" fill="#16a34a"/><circle cx="320" cy="340" r="60" fill="#15803d"/>
    <line x1="260" y1="110" x2="260" y2="360" stroke="#78716c" stroke-width="8"/>
    <rect x="560" y="250" width="560" height="60" fill="#44403c"/>
    <path d="M 760 250 L 800 130 H 960 L 1000 250 Z" fill="#a8a29e"/>
    <rect x="560" y="310" width="560" height="40" fill="#1c1917"/>
    <rect x="560" y="350" width="560" height="160" fill="#78716c"/>
    <rect x="790" y="312" width="180" height="34" fill="#f97316" opacity="0.8"/>
    <rect x="600" y="292" width="120" height="20" rx="6" fill="#e7e5e4"/>
    ${lamps}
    <rect x="200" y="540" width="800" height="40" rx="6" fill="#92400e"/>
    <rect x="240" y="580" width="20" height="180" fill="#78350f"/><rect x="940" y="580" width="20" height="180" fill="#78350f"/>
    ${chairs}
    <circle cx="400" cy="530" r="18" fill="#f8fafc"/><circle cx="600" cy="530" r="18" fill="#f8fafc"/><circle cx="800" cy="530" r="18" fill="#f8fafc"/>`;
}

const scenes: Record<PlaceKind, () => string> = {
  tennis,
  'sports-court': sportsCourt,
  pool,
  barbecue,
  gourmet,
};

/** Lamps whose glow the dusk photo turns on, per kind (x, y). */
const lampsOf: Record<PlaceKind, Array<[number, number]>> = {
  tennis: [
    [150, 300],
    [1050, 300],
  ],
  'sports-court': [
    [150, 300],
    [1050, 300],
  ],
  pool: [
    [100, 320],
    [1100, 320],
  ],
  barbecue: [
    [300, 270],
    [900, 270],
  ],
  gourmet: [
    [320, 200],
    [600, 200],
    [880, 200],
  ],
};

/** The place at dusk: the sky darkened and warm light around its lamps. */
function dusk(kind: PlaceKind) {
  const lamps = lampsOf[kind]
    .map(
      ([x, y]) =>
        `${kind === 'gourmet' ? '' : `<rect x="${x - 5}" y="${y}" width="10" height="${760 - y}" fill="#1f2937"/>`}<circle cx="${x}" cy="${y}" r="150" fill="url(#glow)"/>`,
    )
    .join('');
  return `<defs><radialGradient id="glow"><stop offset="0" stop-color="#fde68a" stop-opacity="0.9"/>
      <stop offset="1" stop-color="#fde68a" stop-opacity="0"/></radialGradient></defs>
    <rect width="${width}" height="${height}" fill="#1e1b4b" opacity="${kind === 'gourmet' ? 0.25 : 0.45}"/>
    ${lamps}`;
}

/** The SVG of one photo of a kind of place: 0 by day, 1 at dusk. */
export function placePhotoSvg(kind: PlaceKind, view: 0 | 1): string {
  const scene = scenes[kind]();
  // At dusk the sun has set and the moon is up.
  const body = view === 1 ? `${scene.replace(sun, moon)}${dusk(kind)}` : scene;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`;
}

/** The photos of a demo place (by day, at dusk), as PNG bytes. */
export function drawPlacePhotos(name: string): Promise<Buffer[]> {
  const kind = placeKindOf(name);
  return Promise.all(
    ([0, 1] as const).map((view) =>
      sharp(Buffer.from(placePhotoSvg(kind, view)))
        .png()
        .toBuffer(),
    ),
  );
}
