import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

const issuer = 'Gatehouse';

export function newTotpSecret(): string {
  return generateSecret();
}

export async function describeTotpEnrolment(secret: string, accountEmail: string) {
  const otpauthUrl = generateURI({ issuer, label: accountEmail, secret });
  const svg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 });
  return {
    secret,
    otpauth_url: otpauthUrl,
    qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/**
 * Checks a TOTP code, allowing one step of clock drift either way. A code is accepted once: the
 * caller stores the returned time step and passes it back as `lastTimeStep`.
 */
export async function verifyTotpCode(
  secret: string,
  code: string,
  lastTimeStep: number | null,
): Promise<{ valid: true; timeStep: number } | { valid: false }> {
  if (!/^\d{6}$/.test(code)) return { valid: false };
  const result = await verify({
    secret,
    token: code,
    epochTolerance: 30,
    ...(lastTimeStep != null ? { afterTimeStep: lastTimeStep } : {}),
  }).catch(() => ({ valid: false as const }));
  // The TOTP strategy always reports the matched time step.
  return result.valid && 'timeStep' in result ? { valid: true, timeStep: result.timeStep } : { valid: false };
}
