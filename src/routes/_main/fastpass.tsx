import { createFileRoute } from '@tanstack/react-router';
import { pageNames } from '../../domain/page-title.ts';
import { FastpassScreen } from '../../features/fastpass/fastpass-screen.tsx';
import { PageTitle } from '../../ui/page-title.tsx';

/** `/fastpass` static explainer. */
export const Route = createFileRoute('/_main/fastpass')({
  component: function Page() {
    return (
      <>
        <PageTitle name={pageNames.fastpass} />
        <FastpassScreen />
      </>
    );
  },
});
