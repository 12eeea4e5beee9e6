import { Trans } from "@lingui/react/macro";
import { LegalPage } from "./legal-page";

/** The terms and conditions (spec "Public routes"), English source; Spanish in the public catalog. */
export function TermsPage() {
  return (
    <LegalPage
      title={<Trans>Terms and conditions</Trans>}
      updated={<Trans>Last updated: November 2026</Trans>}
    >
      <section>
        <h2>
          <Trans>1. The service</Trans>
        </h2>
        <p>
          <Trans>
            Yardline is a web application for managing trucks, expeditions, receptions, dock hours
            and related work of logistics companies. These terms apply to every company that uses it
            and to each person who signs in on its behalf.
          </Trans>
        </p>
      </section>
      <section>
        <h2>
          <Trans>2. Accounts</Trans>
        </h2>
        <p>
          <Trans>
            Each user receives a personal account. Keep your password to yourself and tell your
            administrator at once if you think someone else knows it. The company is responsible for
            the roles it gives its users and for what they do with them.
          </Trans>
        </p>
      </section>
      <section>
        <h2>
          <Trans>3. Your data</Trans>
        </h2>
        <p>
          <Trans>
            The lines, trucks, files and other records you enter belong to your company. We process
            them only to provide the service, as described in the Privacy Policy, and return or
            delete them when the contract ends.
          </Trans>
        </p>
      </section>
      <section>
        <h2>
          <Trans>4. Acceptable use</Trans>
        </h2>
        <p>
          <Trans>
            Do not use the service to send unsolicited messages, to store content you have no right
            to store, or to try to reach data of other companies. Text messages to drivers must
            relate to their loads.
          </Trans>
        </p>
      </section>
      <section>
        <h2>
          <Trans>5. Availability</Trans>
        </h2>
        <p>
          <Trans>
            We aim for the service to be available around the clock and announce planned maintenance
            in advance. Devices keep working offline for a while, but an outage may delay the
            exchange of changes.
          </Trans>
        </p>
      </section>
      <section>
        <h2>
          <Trans>6. Liability</Trans>
        </h2>
        <p>
          <Trans>
            Yardline supports planning decisions; it does not replace the checks your staff must
            make on loads, vehicles and safety. Our liability is limited to the amount paid for the
            service in the twelve months before the claim, except where the law does not allow such
            a limit.
          </Trans>
        </p>
      </section>
      <section>
        <h2>
          <Trans>7. Changes and law</Trans>
        </h2>
        <p>
          <Trans>
            We may update these terms and will tell administrators thirty days before a change takes
            effect. These terms are governed by Spanish law; the courts of the provider's registered
            office are competent unless the law says otherwise.
          </Trans>
        </p>
      </section>
    </LegalPage>
  );
}
