/** The Data Privacy Policy and Terms (accounts spec §1), effective 30/04/2025. */
const sections: { title: string; body: string }[] = [
  {
    title: 'Introduction',
    body: 'Jumpseat is a members-only community for airline crew. This policy explains what we collect, why, and the choices you have.',
  },
  {
    title: 'Community standards',
    body: 'Treat fellow crew with respect. Harassment, sharing another member’s details without consent and commercial solicitation are not allowed and lead to removal.',
  },
  {
    title: 'Data we collect',
    body: 'Your work e-mail, name, optional nickname, rank, optional mobile number and contact e-mail, the flights you add, the waves you send and receive, and your messages.',
  },
  {
    title: 'Legal basis (GDPR)',
    body: 'We process your data to provide the service you signed up for (contract) and, for optional features such as notifications, with your consent, which you can withdraw at any time.',
  },
  {
    title: 'Security',
    body: 'Your passcode is stored encrypted, connections are encrypted in transit, and other members see only what your privacy settings allow.',
  },
  {
    title: 'Retention',
    body: 'Inactive accounts are anonymised after 12 months. Logs are kept for 90 days. Deleted accounts keep their data for 30 days so they can be restored, then it is removed.',
  },
  {
    title: 'Sharing',
    body: 'We do not sell your data. We share it only with the processors needed to run the service (hosting, e-mail, payments) and where the law requires it.',
  },
  {
    title: 'Your rights',
    body: 'You may access, correct, export or delete your data, and object to or restrict its processing. Contact us to exercise these rights.',
  },
  {
    title: 'Availability',
    body: 'We aim for the service to be available at all times but cannot guarantee uninterrupted access.',
  },
  {
    title: 'Membership fees',
    body: 'Membership fees are non-refundable. Cancellation requests must reach us at least 7 working days before the next payment.',
  },
  {
    title: 'Contact',
    body: 'Questions about this policy or your data: contact the Jumpseat team through the support address in the app.',
  },
];

export function PrivacyPolicy() {
  return (
    <div className="space-y-4 text-sm text-slate-700">
      <p className="text-xs text-slate-500">Effective 30/04/2025</p>
      {sections.map((s) => (
        <section key={s.title} aria-labelledby={`policy-${s.title}`}>
          <h3 id={`policy-${s.title}`} className="font-semibold text-slate-900">
            {s.title}
          </h3>
          <p className="mt-1">{s.body}</p>
        </section>
      ))}
    </div>
  );
}
