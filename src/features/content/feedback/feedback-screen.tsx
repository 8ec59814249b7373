import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { connectFeedback } from '../../../../machines/content/feedback.connect';
import { useFlow } from '../../../shared/flow/use-flow';
import { useView } from '../../../shared/flow/use-view';
import { Field } from '../../../shared/ui/form';
import { Page } from '../../../shared/ui/page';
import { feedbackFlow } from '../content-flows';
import { contentMessages } from '../messages';
import '../content.css';

await contentMessages;

/** /feedback: a few words for staff, with a way to answer if the writer wants one. */
export default function FeedbackScreen() {
  const intl = useIntl();
  const flow = useFlow(feedbackFlow);
  const view = useView(flow, connectFeedback);
  const textId = useId();

  if (view.isSent) {
    return (
      <Page title={intl.formatMessage({ id: 'screen.feedback' })}>
        <div className="content">
          <p className="empty" role="status"><FormattedMessage id="feedback.thanks" /></p>
          <button type="button" className="btn secondary" onClick={() => flow.send({ type: 'AGAIN' })}><FormattedMessage id="feedback.again" /></button>
        </div>
      </Page>
    );
  }
  return (
    <Page title={intl.formatMessage({ id: 'screen.feedback' })}>
      <form className="content" onSubmit={(e) => { e.preventDefault(); flow.send({ type: 'SUBMIT' }); }}>
        <p className="notice"><FormattedMessage id="feedback.intro" /></p>
        <div className="field">
          <label htmlFor={textId}><FormattedMessage id="feedback.text" /></label>
          <textarea id={textId} className="input" maxLength={2000} value={view.text}
            onChange={(e) => flow.send({ type: 'FIELD.CHANGE', field: 'text', value: e.target.value })} />
        </div>
        <Field label={intl.formatMessage({ id: 'feedback.contact' })} name="contact" dir="auto" maxLength={254} autoComplete="email" value={view.contact}
          onChange={(e) => flow.send({ type: 'FIELD.CHANGE', field: 'contact', value: e.target.value })} />
        <button type="submit" className="btn" disabled={!view.canSubmit}>
          <FormattedMessage id={view.isSending ? 'common.loading' : 'feedback.send'} />
        </button>
      </form>
    </Page>
  );
}
