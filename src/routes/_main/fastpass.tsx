import { createFileRoute } from '@tanstack/react-router';
import { FastpassScreen } from '../../features/fastpass/fastpass-screen.tsx';

/** `/fastpass` static explainer. */
export const Route = createFileRoute('/_main/fastpass')({
  component: FastpassScreen,
});
