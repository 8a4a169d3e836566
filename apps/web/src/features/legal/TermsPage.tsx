import { FREE_MONTHLY_COMPLETED_LIMIT, formatAud, PREMIUM_PRICES_AUD_CENTS } from '@app/contract';
import { Link } from 'react-router';
import { textLinkClasses } from '../../components/ui/Button.tsx';
import { BulletList, ContactLink, LegalDocument, LegalSection } from './LegalDocument.tsx';

/** The terms of service: static text, in its own chunk (PRODUCT.md, Legal pages). */
export default function TermsPage() {
  return (
    <LegalDocument title="Terms of service">
      <LegalSection heading="1. About these terms">
        <p>
          These terms apply to your use of TradeCert, an online service run by the business that operates this website
          (“we”, “us”), which you can reach through the <ContactLink />. By creating an account you agree to them and to
          our{' '}
          <Link to="/privacy" className={textLinkClasses}>
            Privacy policy
          </Link>
          . TradeCert is made for businesses; if you use it for a business, you agree on its behalf.
        </p>
      </LegalSection>

      <LegalSection heading="2. The service">
        <p>
          TradeCert lets you keep a company profile and create, store and share compliance certificates, Safe Work
          Method Statements (SWMS) with their cover sheets, and documents signed by link. We may improve and change the
          service; we will not take away a paid feature during a period you have paid for without a pro-rata refund.
        </p>
      </LegalSection>

      <LegalSection heading="3. Your account">
        <BulletList
          items={[
            'Give a working email address and keep the details in your profile accurate.',
            'Keep your password to yourself. You are responsible for what is done with your account; tell us at once if you think someone else has used it.',
            'You must be at least 18 and able to enter into a contract.',
          ]}
        />
      </LegalSection>

      <LegalSection heading="4. Your documents are yours, and so is what they say">
        <p>
          You own the content you put into TradeCert. You allow us to store, copy and display it only as needed to run
          the service for you, for example to produce PDFs and to show a certificate to the people you share it with.
        </p>
        <p>
          A certificate or SWMS made with TradeCert is your declaration, not ours. We do not inspect work or check that
          it meets a standard or the law, and you are responsible for what your documents say and for keeping the
          records your licence, builders and the WHS laws require of you. A completed certificate can be opened by
          anyone who has its link or scans its QR code: share it only with the people who need it.
        </p>
      </LegalSection>

      <LegalSection heading="5. Signing by link">
        <p>
          When you ask someone to sign a document, we email them a link and record their name, signature, the time, and
          their IP address and browser. You must have a proper reason to ask them and may ask only people who agree to
          sign electronically. The records are made to support an electronic signature under the Electronic Transactions
          Act 1999 (Cth); whether a particular signature meets a particular legal requirement is for you to confirm.
        </p>
      </LegalSection>

      <LegalSection heading="6. Plans and payment">
        <BulletList
          items={[
            `The free plan includes ${FREE_MONTHLY_COMPLETED_LIMIT} completed certificates a calendar month. Drafts do not count.`,
            `Premium costs ${formatAud(PREMIUM_PRICES_AUD_CENTS.monthly)} a month or ${formatAud(PREMIUM_PRICES_AUD_CENTS.yearly)} a year, in Australian dollars including GST, and removes the monthly limit. Payments are taken by Stripe.`,
            'Premium renews automatically at the end of each period until you cancel. You can cancel at any time from your Subscription page; Premium then stays until the end of the period you have paid for.',
            'We do not refund part of a period, except where the law requires it. If we change a price, we will tell you by email at least 30 days before it applies to your next period.',
          ]}
        />
      </LegalSection>

      <LegalSection heading="7. Fair use">
        <p>You must not:</p>
        <BulletList
          items={[
            'make documents that are false or misleading, or sign or send documents in another person’s name without their authority;',
            'upload content you have no right to use, or that is unlawful;',
            'try to reach other users’ data, test or overload the service without our written permission, or get around its limits;',
            'resell the service or use it to send unwanted email.',
          ]}
        />
      </LegalSection>

      <LegalSection heading="8. Availability and your own copies">
        <p>
          We work to keep TradeCert available and your data safe, with backups, but we cannot promise the service will
          never be interrupted. Download PDFs of documents you must keep for legal reasons and store them in your own
          records as well.
        </p>
      </LegalSection>

      <LegalSection heading="9. Australian Consumer Law and our liability">
        <p>
          Nothing in these terms excludes, restricts or changes the guarantees and rights you have under the Australian
          Consumer Law. Where the law allows us to limit our liability for a failure to meet such a guarantee, it is
          limited to supplying the service again or paying the cost of having it supplied again. Otherwise, to the
          extent the law allows, we are not liable for indirect or consequential loss, such as lost profits or lost
          work, and our total liability is limited to the amount you paid us in the 12 months before the claim.
        </p>
      </LegalSection>

      <LegalSection heading="10. Ending">
        <p>
          You can stop using TradeCert and delete your account at any time from your Profile page. We may suspend or
          close an account that breaks these terms, after telling you why and, where the breach can be fixed, giving you
          a reasonable chance to fix it and to download your documents.
        </p>
      </LegalSection>

      <LegalSection heading="11. Changes and the law that applies">
        <p>
          When these terms change we update the date at the top and tell account holders by email before a significant
          change takes effect. These terms are governed by the laws of the Australian state or territory where the
          operator of this service has its principal place of business, and its courts may hear any dispute.
        </p>
      </LegalSection>
    </LegalDocument>
  );
}
