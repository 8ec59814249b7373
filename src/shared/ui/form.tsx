import type { InputHTMLAttributes, ReactNode } from 'react';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

/** A labelled input; `after` sits beside it (send-code button, captcha image). */
export function Field({ label, after, ...input }: { label: string; after?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <div className="row">
        <input id={id} className="input" {...input} />
        {after}
      </div>
    </div>
  );
}

/** The message of a client-side rule, or an empty line that keeps the layout still. */
export function Problem({ problem, values, id }: { problem: string | undefined; values?: Record<string, string | number>; id?: string }) {
  const intl = useIntl();
  // Numbers in the language's own digits and separators ("al menos 0,01"): a message's plain {min} would print 0.01.
  const shown = values && Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'number' ? intl.formatNumber(v, { maximumFractionDigits: 8 }) : v]));
  return <p className="problem" role="alert" id={id}>{problem ? <FormattedMessage id={`problem.${problem}`} values={shown} /> : null}</p>;
}
