// What the staff order screen's cards share (their card is components/staff/Section).

export { staffInput as input, errorText } from '@/components/staff/fields';
