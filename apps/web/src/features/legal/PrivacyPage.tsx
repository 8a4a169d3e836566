import { BulletList, ContactLink, LegalDocument, LegalSection } from './LegalDocument.tsx';

/** The privacy policy: static text, in its own chunk (PRODUCT.md, Legal pages). */
export default function PrivacyPage() {
  return (
    <LegalDocument title="Privacy policy">
      <LegalSection heading="1. Who we are and what this covers">
        <p>
          TradeCert is an online service for trades businesses to create, store and share compliance certificates, Safe
          Work Method Statements (SWMS) and signed documents. It is run by the business that operates this website
          (“we”, “us”), which you can reach through the <ContactLink />.
        </p>
        <p>
          We handle personal information in line with the Privacy Act 1988 (Cth) and the Australian Privacy Principles
          (APPs). This policy explains what we collect, why, where it is kept, who else handles it, how long we keep it
          and how you can see, correct or delete it.
        </p>
      </LegalSection>

      <LegalSection heading="2. What we collect">
        <BulletList
          items={[
            'Your account: your email address and your password, which we keep only as a one-way hash that cannot be turned back into the password.',
            'Your company profile: company name, address, email, phone, ABN, licence number, the applicator’s name, your logo and your signature image, and your list of common materials.',
            'Your documents: certificates (job site addresses, installation dates, areas, standards, materials and notes), SWMS and their cover sheets, and the photos you upload. Site photos can show people, homes and property: please take and upload only what the job needs.',
            'Signing records: when you ask someone to sign a document by link, the signer’s name and email address, the signature they draw, and when, from which IP address and with which browser they opened, signed or declined it. These records exist so that a signature can be checked later.',
            'Payment details: your plan and subscription status. Card details are entered on and held by our payment provider, Stripe; we never see or store your full card number.',
            'Messages you send us through the Contact page.',
            'Technical information: the IP address, browser and time of requests, in server logs and in a security audit trail (for example sign-ins, signing events and billing changes).',
          ]}
        />
        <p>
          Your browser keeps your sign-in session, your theme choice and a copy of your certificate list in its local
          storage, and a cookie that remembers it as a trusted device for sign-in. We use no advertising or analytics
          trackers.
        </p>
      </LegalSection>

      <LegalSection heading="3. Why we use it">
        <BulletList
          items={[
            'To provide the service: to store your documents, produce their PDFs and show them to you.',
            'To let others check your documents: a completed certificate can be opened by anyone who has its link or scans its QR code, which is how a builder or certifier verifies it. Drafts are never shown to anyone else.',
            'To send the emails the service needs: confirming your address, resetting your password, and the signing links you ask us to send.',
            'To bill Premium subscriptions and keep the free plan’s monthly limit.',
            'To keep the service and your account secure, and to answer your messages.',
          ]}
        />
        <p>We do not sell personal information or use it for direct marketing.</p>
      </LegalSection>

      <LegalSection heading="4. Where your information is kept">
        <p>
          Your account, documents and uploaded files are kept in the database and file storage of the server that runs
          this service, wherever its operator has set it up; they are not copied to other storage services. For the
          hosted TradeCert service, our commitment is to keep that server and its backups in Australia. TradeCert can
          also be run by other businesses on their own servers: if you use such a copy, ask its operator where it is
          hosted.
        </p>
        <p>
          Our payment and email providers may process the information they handle for us outside Australia (see section
          5). Where they do, we take reasonable steps under APP 8 to make sure it is protected as the APPs require.
        </p>
      </LegalSection>

      <LegalSection heading="5. Who else handles it (subprocessors)">
        <BulletList
          items={[
            'Hosting: the provider of the server, storage and backups the service runs on.',
            'Payments: Stripe, which takes card payments for Premium subscriptions and keeps the card details.',
            'Email delivery: the email provider that delivers the confirmation, password and signing emails.',
          ]}
        />
        <p>
          Each of them handles only what it needs for its task. We may also disclose information when the law requires
          it. The people you share a document with (by its link, or by asking them to sign it) see that document.
        </p>
      </LegalSection>

      <LegalSection heading="6. How long we keep it">
        <BulletList
          items={[
            'Your account, profile, certificates and photos: until you delete them or your account. Deleting a certificate removes it and its photos permanently.',
            'SWMS and their sign-on records: the WHS Regulations require the business doing high-risk construction work to keep its SWMS until the work is finished, or for 2 years after a notifiable incident that happens during that work. We keep them while your account is open so that you can meet that duty; before you delete a SWMS or your account, download any copy you must still keep.',
            'Records the law requires us to keep, such as payment records for tax purposes, for as long as it requires.',
            'Server logs and security records: only as long as needed to run and secure the service.',
          ]}
        />
      </LegalSection>

      <LegalSection heading="7. Seeing, correcting and deleting your information">
        <p>
          You can see and correct your profile and documents in the app at any time. You can delete your account from
          your Profile page, or ask us to delete it through the <ContactLink />; deleting it removes your profile,
          documents and uploaded files. You may also ask us for a copy of the personal information we hold about you or
          to correct it (APPs 12 and 13); we answer within 30 days.
        </p>
      </LegalSection>

      <LegalSection heading="8. Security">
        <p>
          Passwords are stored as one-way hashes, files are served through links that expire, each account sees only its
          own documents, and the server’s data is readable only by the service itself. If a data breach is likely to
          cause serious harm, we will notify you and the Office of the Australian Information Commissioner (OAIC) under
          the Notifiable Data Breaches scheme.
        </p>
      </LegalSection>

      <LegalSection heading="9. Questions and complaints">
        <p>
          Send questions or complaints about privacy through the <ContactLink />. We will reply within 30 days. If you
          are not satisfied with our answer, you can complain to the OAIC at oaic.gov.au or on 1300 363 992.
        </p>
      </LegalSection>

      <LegalSection heading="10. Changes to this policy">
        <p>
          When this policy changes we update the date at the top, and we tell account holders by email before a change
          that affects how their information is used takes effect.
        </p>
      </LegalSection>
    </LegalDocument>
  );
}
