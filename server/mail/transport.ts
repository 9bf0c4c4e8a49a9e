import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';

export type OutgoingMail = {
  id: number;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
};

/** Resolves only once the mail is accepted (by the SMTP server, or written to disk). */
export type MailTransport = {
  kind: 'smtp' | 'files';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
};

export function createMailTransport(options: { smtpUrl?: string; dataDir: string }): MailTransport {
  if (options.smtpUrl) {
    const transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      async send(mail) {
        await transporter.sendMail(toMessage(mail));
      },
      close: () => transporter.close(),
    };
  }
  // Development: each mail becomes an .eml file a person (or a test) can open like an inbox.
  const dir = path.join(options.dataDir, 'mail');
  const transporter = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    kind: 'files',
    async send(mail) {
      const info = await transporter.sendMail(toMessage(mail));
      mkdirSync(dir, { recursive: true });
      const safeTo = mail.to.replace(/[^a-z0-9@._-]/gi, '_');
      const file = path.join(
        dir,
        `${Date.now()}-${String(mail.id).padStart(6, '0')}-${safeTo}.eml`,
      );
      writeFileSync(file, info.message as Buffer);
    },
    close: () => transporter.close(),
  };
}

function toMessage(mail: OutgoingMail) {
  return {
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    ...(mail.html ? { html: mail.html } : {}),
    // Our headers only: nodemailer encodes these values, so no line break can add one.
    disableUrlAccess: true,
    disableFileAccess: true,
  };
}
