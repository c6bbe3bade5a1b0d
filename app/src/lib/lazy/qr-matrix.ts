/** QR encoding (uqr), loaded with import() only when the QR sign-in tab is opened. */
import { encode } from 'uqr';

/** The dark modules of a QR code as one SVG path (1 unit per module, 2-unit quiet zone included in `size`). */
export function qrPath(text: string): { size: number; d: string } {
  const { data, size } = encode(text, { ecc: 'M', border: 2 });
  let d = '';
  data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    });
  });
  return { size, d };
}
