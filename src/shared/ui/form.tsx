import type { InputHTMLAttributes, ReactNode } from 'react';
import { useId } from 'react';
import { FormattedMessage } from 'react-intl';

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
export function Problem({ problem, values }: { problem: string | undefined; values?: Record<string, string | number> }) {
  return <p className="problem" role="alert">{problem ? <FormattedMessage id={`problem.${problem}`} values={values} /> : null}</p>;
}
