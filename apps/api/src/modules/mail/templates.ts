/**
 * Mail texts in English and Dutch. A mail goes out in the recipient's language (their account
 * locale; English when unknown).
 */
export type MailKind = 'password_reset' | 'email_change' | 'invite' | 'visitor_link';
export type Locale = 'en' | 'nl';

interface Rendered {
  subject: string;
  text: string;
}

type Template = (vars: { link: string; name: string; inviter?: string }) => Rendered;

const templates: Record<Locale, Record<MailKind, Template>> = {
  en: {
    password_reset: ({ link, name }) => ({
      subject: 'Reset your Gatehouse password',
      text: `Hello ${name},\n\nSomeone asked to reset the password of your Gatehouse account. To choose a new password, open this link within one hour:\n\n${link}\n\nIf it was not you, ignore this mail: your password stays as it is.\n`,
    }),
    email_change: ({ link, name }) => ({
      subject: 'Confirm your new Gatehouse email address',
      text: `Hello ${name},\n\nTo use this address for your Gatehouse account, open this link within 24 hours:\n\n${link}\n\nIf you did not ask for this, ignore this mail.\n`,
    }),
    invite: ({ link, name, inviter }) => ({
      subject: 'You are invited to Gatehouse',
      text: `Hello ${name},\n\n${inviter ?? 'Your building manager'} invited you to Gatehouse, where you open your building's doors from your phone. To accept, choose a password within 7 days:\n\n${link}\n`,
    }),
    visitor_link: ({ link, name, inviter }) => ({
      subject: 'Your Gatehouse visitor link',
      text: `Hello ${name},\n\n${inviter ?? 'Your host'} invited you as a visitor. This link shows when you are expected and opens the doors for you during your visit:\n\n${link}\n\nKeep the link to yourself: whoever has it can open these doors while it is valid.\n`,
    }),
  },
  nl: {
    password_reset: ({ link, name }) => ({
      subject: 'Stel je Gatehouse-wachtwoord opnieuw in',
      text: `Hallo ${name},\n\nIemand heeft gevraagd het wachtwoord van je Gatehouse-account opnieuw in te stellen. Open binnen een uur deze link om een nieuw wachtwoord te kiezen:\n\n${link}\n\nWas jij dit niet? Negeer dan deze mail: je wachtwoord blijft ongewijzigd.\n`,
    }),
    email_change: ({ link, name }) => ({
      subject: 'Bevestig je nieuwe Gatehouse-e-mailadres',
      text: `Hallo ${name},\n\nOpen binnen 24 uur deze link om dit adres voor je Gatehouse-account te gebruiken:\n\n${link}\n\nHeb je dit niet gevraagd? Negeer dan deze mail.\n`,
    }),
    invite: ({ link, name, inviter }) => ({
      subject: 'Je bent uitgenodigd voor Gatehouse',
      text: `Hallo ${name},\n\n${inviter ?? 'Je gebouwbeheerder'} heeft je uitgenodigd voor Gatehouse, waarmee je de deuren van je gebouw met je telefoon opent. Kies binnen 7 dagen een wachtwoord om de uitnodiging aan te nemen:\n\n${link}\n`,
    }),
    visitor_link: ({ link, name, inviter }) => ({
      subject: 'Je Gatehouse-bezoekerslink',
      text: `Hallo ${name},\n\n${inviter ?? 'Je gastheer'} heeft je als bezoeker uitgenodigd. Deze link laat zien wanneer je verwacht wordt en opent tijdens je bezoek de deuren voor je:\n\n${link}\n\nHoud de link voor jezelf: wie hem heeft, kan deze deuren openen zolang hij geldig is.\n`,
    }),
  },
};

export function renderMail(kind: MailKind, locale: string, vars: Parameters<Template>[0]): Rendered {
  const language: Locale = locale === 'nl' ? 'nl' : 'en';
  return templates[language][kind](vars);
}
