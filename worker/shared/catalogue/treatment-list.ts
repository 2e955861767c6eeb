/**
 * The treatments the studio opened with, as the old site priced them. Migration 0013 seeded D1 from
 * this list; the build prerenders with it, and a page that has no catalogue embedded starts from it
 * until the API answers (web/features/catalogue/built-catalogue.ts).
 */
import type { Treatment } from './treatments';

export const treatments: readonly Treatment[] = [
  {
    id: 'nuru',
    name: 'Nuru',
    group: 'sensual',
    description: 'A gliding full-body ritual with warm, silky gel that leaves every muscle loose and calm.',
    price: 100_000,
    durationMinutes: 90,
  },
  {
    id: 'lingam',
    name: 'Lingam',
    group: 'sensual',
    description: 'A slow, mindful massage rooted in tantric tradition, centred on deep relaxation and release.',
    price: 50_000,
    durationMinutes: 60,
  },
  {
    id: 'soapy-shower',
    name: 'Soapy/Shower',
    group: 'sensual',
    description: 'A warm foam and water ritual that cleanses, softens the skin and washes the day away.',
    price: 70_000,
    durationMinutes: 60,
  },
  {
    id: 'sleepover',
    name: 'Sleepover',
    group: 'sensual',
    description: 'Our most indulgent experience: an evening of unhurried treatments and a restful night in.',
    price: 200_000,
    durationMinutes: null,
  },
  {
    id: 'chair-sensual',
    name: 'Chair Sensual',
    group: 'sensual',
    description: 'A short, soothing seated massage for the neck, shoulders and back, perfect for a quick reset.',
    price: 40_000,
    durationMinutes: 30,
  },
  {
    id: 'tantric-erotic',
    name: 'Tantric/Erotic',
    group: 'sensual',
    description: 'A deeply meditative tantric journey with breath work and flowing touch for total calm.',
    price: 120_000,
    durationMinutes: 90,
  },
  {
    id: 'deep-tissue',
    name: 'Deep Tissue',
    group: 'therapeutic',
    description: 'Firm, targeted pressure that reaches deeper muscle layers to relieve chronic knots and stiffness.',
    price: 30_000,
    durationMinutes: 60,
  },
  {
    id: 'hotstone',
    name: 'Hot Stone',
    group: 'therapeutic',
    description: 'Smooth heated basalt stones warm and loosen the muscles for a deeply grounding massage.',
    price: 30_000,
    durationMinutes: 90,
  },
  {
    id: 'ashiatsu',
    name: 'Ashiatsu',
    group: 'therapeutic',
    description: 'A barefoot technique using overhead bars for broad, even pressure along the whole back.',
    price: 20_000,
    durationMinutes: 60,
  },
  {
    id: 'back-neck',
    name: 'Back/Neck',
    group: 'therapeutic',
    description: 'Focused relief for the back, neck and shoulders, where desk work and stress settle most.',
    price: 20_000,
    durationMinutes: 30,
  },
  {
    id: 'swedish',
    name: 'Swedish',
    group: 'therapeutic',
    description: 'The classic relaxing massage: long, flowing strokes that calm the mind and improve circulation.',
    price: 25_000,
    durationMinutes: 60,
  },
];
