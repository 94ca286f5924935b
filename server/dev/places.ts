import type { Place } from '../../functions/api/ports/geocoder.ts';

/**
 * The addresses the local geocoder knows (dev mode, no internet): the demo venues' and a few more
 * in São Paulo, so staff can try the editor's address search. Search by any words of them
 * ("paulista", "augusta 1500", "ipiranga").
 */
export const DEV_PLACES: readonly Place[] = [
  { label: 'Av. Paulista, 1000 - Bela Vista, São Paulo - SP, 01310-100', lat: -23.564224, lng: -46.652857 },
  { label: 'Rua Bom Pastor, 2100 - Ipiranga, São Paulo - SP, 04203-002', lat: -23.592312, lng: -46.608753 },
  { label: 'Estrada da Roseira, 450 - Mairiporã - SP, 07600-000', lat: -23.318621, lng: -46.586954 },
  {
    label: 'Rua Padre Benedito de Camargo, 300 - Penha, São Paulo - SP, 03604-010',
    lat: -23.525104,
    lng: -46.542211,
  },
  { label: 'Rua Augusta, 1500 - Consolação, São Paulo - SP, 01304-001', lat: -23.557583, lng: -46.661491 },
  {
    label: 'Av. Brigadeiro Faria Lima, 2232 - Jardim Paulistano, São Paulo - SP, 01451-000',
    lat: -23.576771,
    lng: -46.687213,
  },
  {
    label: 'Rua Voluntários da Pátria, 1800 - Santana, São Paulo - SP, 02011-200',
    lat: -23.503845,
    lng: -46.625163,
  },
  {
    label: 'Av. Sen. Teotônio Vilela, 3000 - Interlagos, São Paulo - SP, 04801-010',
    lat: -23.706321,
    lng: -46.694892,
  },
];
