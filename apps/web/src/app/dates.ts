import dayjs from "dayjs";
import "dayjs/locale/es";

dayjs.locale("es");

export { dayjs };
