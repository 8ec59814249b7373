import { useMemo } from 'react';
import { identityMessages } from '../messages';
import '../../../shared/ui/requests.css';
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { connectIdentity, type IdentityView } from '../../../../machines/identity/identity.connect';
import type { ActorRefFrom } from 'xstate';
import type { IdentityEvent, identityMachine } from '../../../../machines/identity/identity';
import { useFlow } from '../../../shared/flow/use-flow';
import { useView } from '../../../shared/flow/use-view';
import { Field, Problem } from '../../../shared/ui/form';
import { ImagePicker } from '../../../shared/ui/image-picker';
import { Page } from '../../../shared/ui/page';
import { WireTime } from '../../../shared/ui/wire-time';
import { identityFlow } from '../identity-flows';

// The identity strings come with the first identity screen.
await identityMessages;

/** /mine/auth: the real-name form, or a read-only view while it waits for review or once verified. */
export default function AuthScreen() {
  const intl = useIntl();
  const identity = useFlow(useMemo(identityFlow, []));
  const view = useView(identity, connectIdentity);
  return (
    <Page title={intl.formatMessage({ id: 'screen.auth' })}>
      <div className="content">
        {view.isLoading && <p className="empty"><FormattedMessage id="common.loading" /></p>}
        {view.isFailed && (
          <div className="empty">
            <p><FormattedMessage id="common.loadFailed" /></p>
            <button type="button" className="btn secondary" onClick={() => identity.send({ type: 'RETRY' })}><FormattedMessage id="common.retry" /></button>
          </div>
        )}
        {view.showsForm && <IdentityForm view={view} identity={identity} />}
        {view.record && <IdentityRecord view={view} />}
      </div>
    </Page>
  );
}

function IdentityForm({ view, identity }: { view: IdentityView; identity: ActorRefFrom<typeof identityMachine> }) {
  const intl = useIntl();
  const front = useSelector(identity, (s) => s.children.front);
  const back = useSelector(identity, (s) => s.children.back);
  const send = (event: IdentityEvent) => identity.send(event);
  return (
    <form className="content" style={{ padding: 0 }} onSubmit={(e) => { e.preventDefault(); send({ type: 'IDENTITY.SUBMIT' }); }}>
      {view.isRejected && (
        <div className="banner" data-kind="rejected" data-testid="identity-rejected">
          <p style={{ margin: 0 }}><FormattedMessage id={view.isOutOfAttempts ? 'identity.rejectedFinal' : 'identity.rejected'} />{view.reviewedAt && <> · <WireTime value={view.reviewedAt} /></>}</p>
          {view.reason && <p className="muted" style={{ margin: '4px 0 0' }}><FormattedMessage id="identity.reason" values={{ reason: <bdi>{view.reason}</bdi> }} /></p>}
        </div>
      )}
      {view.attemptsLeft !== undefined && (
        <p className="muted" style={{ margin: 0 }}><FormattedMessage id="identity.attempts" values={{ count: view.attemptsLeft }} /></p>
      )}
      <Field label={intl.formatMessage({ id: 'identity.name' })} autoComplete="name" maxLength={64} value={view.name}
        placeholder={intl.formatMessage({ id: 'identity.namePlaceholder' })}
        onChange={(e) => send({ type: 'NAME.CHANGE', value: e.target.value })} />
      <Field label={intl.formatMessage({ id: 'identity.cardId' })} autoComplete="off" maxLength={32} dir="ltr" value={view.cardId}
        placeholder={intl.formatMessage({ id: 'identity.cardIdPlaceholder' })}
        onChange={(e) => send({ type: 'CARD.CHANGE', value: e.target.value })} />
      <div className="upload-pair">
        <ImagePicker upload={front} label={intl.formatMessage({ id: 'identity.front' })} />
        <ImagePicker upload={back} label={intl.formatMessage({ id: 'identity.back' })} />
      </div>
      <Problem problem={view.problem} />
      <button type="submit" className="btn" disabled={view.isSubmitting || view.isOutOfAttempts}><FormattedMessage id="identity.submit" /></button>
    </form>
  );
}

function IdentityRecord({ view }: { view: IdentityView }) {
  const intl = useIntl();
  const r = view.record!;
  return (
    <>
      <p className="banner" data-kind={view.banner} data-testid="identity-banner">
        <FormattedMessage id={view.banner === 'finished' ? 'identity.finished' : 'identity.waiting'} />
        {view.bannerAt && <> · <WireTime value={view.bannerAt} /></>}
      </p>
      <section className="card">
        <dl className="preview">
          <dt><FormattedMessage id="identity.name" /></dt><dd>{r.name}</dd>
          <dt><FormattedMessage id="identity.cardId" /></dt><dd>{r.cardId}</dd>
        </dl>
      </section>
      <div className="upload-pair">
        {[{ src: r.front, label: 'identity.front' }, { src: r.back, label: 'identity.back' }].map((img) => (
          <figure key={img.label} className="field" style={{ margin: 0 }}>
            <figcaption className="muted"><FormattedMessage id={img.label} /></figcaption>
            <div className="upload-tile">{img.src && <img src={img.src} alt={intl.formatMessage({ id: img.label })} />}</div>
          </figure>
        ))}
      </div>
    </>
  );
}
