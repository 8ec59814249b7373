import { useIntl } from 'react-intl';
import { ComingSoon } from '../../shared/ui/coming-soon';
import { Page } from '../../shared/ui/page';

/** A route whose screen a later release builds: titled, honest, navigable. */
export default function PlaceholderScreen({ title, back = true }: { title: string; back?: boolean }) {
  const intl = useIntl();
  return (
    <Page title={intl.formatMessage({ id: title })} back={back}>
      <ComingSoon />
    </Page>
  );
}
