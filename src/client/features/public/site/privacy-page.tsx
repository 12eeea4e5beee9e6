import { Trans } from "@lingui/react/macro";
import { LegalPage } from "./legal-page";

/** The privacy policy (spec "Public routes"), English source; Spanish in the public catalog. */
export function PrivacyPage() {
  return (
    <LegalPage
      title={<Trans>Privacy policy</Trans>}
      updated={<Trans>Last updated: November 2026</Trans>}
    >
      <section>
        <h2>
          <Trans>Who is responsible</Trans>
        </h2>
        <p>
          <Trans>
            For the data your company enters in Yardline, your company is the controller and we act
            as processor under a data processing agreement. For requests sent through our contact
            form, we are the controller.
          </Trans>
        </p>
      </section>
      <section>
        <h2>
          <Trans>What we process</Trans>
        </h2>
        <p>
          <Trans>
            Users: name, username, e-mail, roles and the record of changes they make. Drivers: name,
            plate and phone number, used to tell them their dock by SMS. Contact form: name, e-mail,
            phone, company and your comments, with the language of the page and the address your
            request came from.
          </Trans>
        </p>
      </section>
      <section>
        <h2>
          <Trans>Why</Trans>
        </h2>
        <p>
          <Trans>
            To provide the service under the contract with your company, to keep it secure (sign-in
            records, limits against abuse), and to answer your contact request on the basis of your
            consent.
          </Trans>
        </p>
      </section>
      <section>
        <h2>
          <Trans>How long</Trans>
        </h2>
        <p>
          <Trans>
            Account and operational data for as long as the contract lasts, then as the agreement
            says. Contact requests for up to two years, unless they lead to a contract. Security
            records for up to one year.
          </Trans>
        </p>
      </section>
      <section>
        <h2>
          <Trans>Who receives it</Trans>
        </h2>
        <p>
          <Trans>
            Our hosting and e-mail providers and the SMS gateway, each under contract and only for
            their part. We do not sell data or use it for advertising. Data stays within the
            European Economic Area.
          </Trans>
        </p>
      </section>
      <section>
        <h2>
          <Trans>Your rights</Trans>
        </h2>
        <p>
          <Trans>
            You may ask for access, correction, deletion, restriction, portability or object to
            processing by writing to the address in the contact page; for data your company entered,
            we forward your request to it. You may also complain to the Spanish Data Protection
            Agency (aepd.es).
          </Trans>
        </p>
      </section>
      <section>
        <h2>
          <Trans>Cookies and storage</Trans>
        </h2>
        <p>
          <Trans>
            These pages set no tracking cookies. The browser stores your language choice, and the
            application stores your session and working data on the device so that it works offline.
          </Trans>
        </p>
      </section>
    </LegalPage>
  );
}
