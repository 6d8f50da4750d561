import CGPIOD
